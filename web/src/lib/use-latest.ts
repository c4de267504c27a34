// A ref that always holds the value of the last render, for handlers that must stay the same
// function (so memoised children do not re-render) yet act on the newest state.
import { useLayoutEffect, useRef, type RefObject } from 'react';

export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
