/** A pino destination that keeps every JSON line, for assertions on events. */
import type { DestinationStream } from 'pino';

export interface LogLine {
  readonly level: number;
  readonly event?: string;
  readonly reqId?: string;
  readonly msg?: string;
  readonly [key: string]: unknown;
}

export interface LogCapture extends DestinationStream {
  readonly lines: LogLine[];
  /** The lines as written, before parsing (a repeated key would hide in the parsed form). */
  readonly raw: string[];
  events(name: string): LogLine[];
  /** Resolves once `count` lines of the event `name` are kept (at once when they are), with them. */
  untilEvents(name: string, count: number): Promise<LogLine[]>;
  clear(): void;
}

export function captureLogs(): LogCapture {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const waiting: { readonly name: string; readonly count: number; readonly resolve: (lines: LogLine[]) => void }[] = [];
  const events = (name: string) => lines.filter((line) => line.event === name);
  function settle(): void {
    for (const wait of [...waiting]) {
      const found = events(wait.name);
      if (found.length < wait.count) continue;
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(found);
    }
  }
  return {
    lines,
    raw,
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (!line.trim()) continue;
        raw.push(line);
        lines.push(JSON.parse(line) as LogLine);
      }
      settle();
    },
    events,
    untilEvents: (name, count) =>
      new Promise((resolve) => {
        waiting.push({ name, count, resolve });
        settle();
      }),
    clear: () => {
      lines.splice(0, lines.length);
      raw.splice(0, raw.length);
    },
  };
}
