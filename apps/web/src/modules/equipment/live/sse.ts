import { type DeviceStreamEvent, readDeviceStreamEvent } from '@tilth/contracts/live-events.types';

// A Server-Sent Events reader for fetch() streams. EventSource cannot send the Authorization header, so
// the console reads `text/event-stream` itself: this parser turns text chunks into events (WHATWG
// "event stream interpretation": `event:` / `data:` / `id:` lines, blank line dispatches, ':' comments).

export interface SseMessage {
  event: string;
  data: string;
  id: string | undefined;
}

/** Feed text chunks in any split; complete messages come out. */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  /** Server's `retry:` advice in ms, if any. */
  retryMs: number | undefined;

  push(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const out: SseMessage[] = [];
    // Lines end in \n, \r\n or \r; a trailing lone \r may be half of \r\n, so it waits for more text.
    for (;;) {
      const match = /\r\n|\n|\r(?!$)/.exec(this.buffer);
      if (!match) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const message = this.line(line);
      if (message) out.push(message);
    }
    return out;
  }

  private line(line: string): SseMessage | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return null;
      }
      const message = { event: this.event || 'message', data: this.data.join('\n'), id: this.id };
      this.event = '';
      this.data = [];
      return message;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id') this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }
}

/** A stream message as a DeviceStreamEvent, or null for anything else (heartbeats, unknown types). */
export const toDeviceEvent = (message: SseMessage): DeviceStreamEvent | null =>
  readDeviceStreamEvent(message.event, message.data);

/** Reconnect delay after `attempt` failures in a row: 1 s doubling to 30 s, with ±20 % jitter. */
export const backoffMs = (attempt: number, random: () => number = Math.random): number => {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
};
