// The text/event-stream format, as the HTML standard defines it ("Interpreting an event stream"): fields up to an
// empty line make one event. Text goes in as it arrives, in pieces of any size; complete events come out.

/** One server-sent event. */
export interface ServerSentEvent {
  /** The last `id:` the stream has sent so far (it carries over to later events that have none). */
  id: string | undefined;
  /** `event:`, or `message` when the event names none. */
  event: string;
  /** The `data:` lines, joined with line feeds. */
  data: string;
}

export class EventStreamParser {
  private pending = '';
  private atStart = true;
  /** The last piece ended with CR: a LF that starts the next one ends the same line. */
  private afterCR = false;
  private data: string[] = [];
  private eventType = '';
  private lastEventId: string | undefined;
  /** The reconnection time the stream asked for (`retry:`), in milliseconds. */
  retry: number | undefined;

  /** Takes the next piece of the stream's text; returns the events it completed, in order. */
  push(text: string): ServerSentEvent[] {
    if (this.afterCR && text.startsWith('\n')) text = text.slice(1);
    if (text.length > 0) this.afterCR = false;
    if (this.atStart && text.length > 0) {
      this.atStart = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const events: ServerSentEvent[] = [];
    const buffer = this.pending + text;
    let lineStart = 0;
    // `pending` holds no line ending: only the new text needs looking at.
    for (let i = this.pending.length; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      this.line(buffer.slice(lineStart, i), events);
      if (c === 0x0d) {
        if (i + 1 === buffer.length) this.afterCR = true;
        else if (buffer.charCodeAt(i + 1) === 0x0a) i++;
      }
      lineStart = i + 1;
    }
    this.pending = buffer.slice(lineStart);
    return events;
  }

  private line(line: string, events: ServerSentEvent[]): void {
    if (line === '') {
      if (this.data.length > 0) {
        events.push({ id: this.lastEventId, event: this.eventType || 'message', data: this.data.join('\n') });
      }
      this.data = [];
      this.eventType = '';
      return;
    }
    if (line.startsWith(':')) return; // a comment
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default: // other fields are ignored
    }
  }
}
