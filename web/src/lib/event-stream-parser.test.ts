// The text/event-stream parser (decision 022): events end at a blank line, data lines join with a
// newline, comments and unknown fields are skipped, `retry` is read, and chunks may split anywhere.
import { describe, expect, it } from 'vitest';
import { eventParser } from './event-stream-parser';

function parse(chunks: string[]) {
  const events: string[] = [];
  const retries: number[] = [];
  const parser = eventParser(
    (data) => events.push(data),
    (ms) => retries.push(ms),
  );
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries };
}

describe('eventParser', () => {
  it('reads what the server sends: retry, then one event per version, pings skipped', () => {
    const stream = 'retry: 3000\n\nid: 4\ndata: {"version":4}\n\n: ping\n\nid: 5\ndata: {"version":5}\n\n';
    expect(parse([stream])).toEqual({ events: ['{"version":4}', '{"version":5}'], retries: [3000] });
  });

  it('gives the same events whatever the chunks, CRLF split between two chunks included', () => {
    const stream = 'data: {"version":1}\r\n\r\ndata: a\r\ndata: b\r\n\r\nevent: x\ndata:c\n\n';
    const whole = parse([stream]).events;
    expect(whole).toEqual(['{"version":1}', 'a\nb', 'c']);
    for (let cut = 1; cut < stream.length; cut += 1) {
      expect(parse([stream.slice(0, cut), stream.slice(cut)]).events).toEqual(whole);
    }
    expect(parse([...stream]).events).toEqual(whole);
  });

  it('sends nothing for an event without data, nor for a last event never ended', () => {
    expect(parse(['id: 3\n\n', 'data: half']).events).toEqual([]);
  });
});
