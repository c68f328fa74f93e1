import { describe, expect, it } from 'vitest';
import { StreamParser } from './sse-parser';

describe('the event stream parser', () => {
  it('reads events split anywhere across chunks, with ids, names and comments', () => {
    const parser = new StreamParser();
    const text =
      ': ping\n\nid: a.1\nevent: change\ndata: {"resource":"payments"}\n\nid: a.2\r\nevent: reset\r\ndata: {}\r\n\r\n';
    const messages = [...text].flatMap((char) => parser.push(char));
    expect(messages).toEqual([
      { event: 'change', data: '{"resource":"payments"}', id: 'a.1' },
      { event: 'reset', data: '{}', id: 'a.2' },
    ]);
  });

  it('joins data lines and names an unnamed event `message`', () => {
    const parser = new StreamParser();
    expect(parser.push('data: one\ndata:two\n\n')).toEqual([{ event: 'message', data: 'one\ntwo', id: null }]);
  });

  it('gives nothing for a comment alone (the ping)', () => {
    expect(new StreamParser().push(': ping\n\n')).toEqual([]);
  });
});
