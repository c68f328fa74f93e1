/** One message of a `text/event-stream`: its `event` name (`message` when none), `data` and `id`. */
export interface StreamMessage {
  event: string;
  data: string;
  /** The `id:` of this message; null when it carried none (the last id stays what it was). */
  id: string | null;
}

/**
 * Reads a `text/event-stream` piece by piece as it arrives (the WHATWG rules: lines end in LF, CR or CRLF, a blank
 * line ends a message, `:` starts a comment, `data:` lines join with LF). `push` returns the messages completed.
 */
export class StreamParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | null = null;
  private hasData = false;

  push(chunk: string): StreamMessage[] {
    this.buffer += chunk;
    const messages: StreamMessage[] = [];
    for (;;) {
      const end = /\r\n|\r|\n/.exec(this.buffer);
      if (!end) break;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (end[0] === '\r' && end.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, end.index);
      this.buffer = this.buffer.slice(end.index + end[0].length);
      const message = this.line(line);
      if (message) messages.push(message);
    }
    return messages;
  }

  private line(line: string): StreamMessage | null {
    if (line === '') {
      const done =
        this.hasData || this.id !== null
          ? { event: this.event || 'message', data: this.data.join('\n'), id: this.id }
          : null;
      this.event = '';
      this.data = [];
      this.id = null;
      this.hasData = false;
      return done;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') {
      this.data.push(value);
      this.hasData = true;
    } else if (field === 'id' && !value.includes('\0')) this.id = value;
    return null;
  }
}
