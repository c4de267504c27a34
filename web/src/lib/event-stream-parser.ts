// The text/event-stream format (decision 022), apart from the network so it is tested alone: data
// lines joined by newlines, an event at each blank line, `retry:` read, comments ignored.

/** Splits a stream of text into events; call `push` with each chunk, `end` at the end. */
export function eventParser(onEvent: (data: string) => void, onRetry: (ms: number) => void) {
  let buffer = '';
  let data: string[] = [];
  let afterCR = false;
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent(data.join('\n'));
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
  };
  return {
    push(chunk: string) {
      // A chunk may end between \r and \n: that \n ends no new line.
      let text = afterCR && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
      afterCR = chunk.endsWith('\r');
      text = buffer + text;
      const lines = text.split(/\r\n|\r|\n/);
      // A chunk may end inside a line: keep the rest for the next one.
      buffer = lines.pop() ?? '';
      for (const each of lines) line(each);
    },
  };
}
