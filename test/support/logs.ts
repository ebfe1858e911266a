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
  clear(): void;
}

export function captureLogs(): LogCapture {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  return {
    lines,
    raw,
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (!line.trim()) continue;
        raw.push(line);
        lines.push(JSON.parse(line) as LogLine);
      }
    },
    events: (name) => lines.filter((line) => line.event === name),
    clear: () => {
      lines.splice(0, lines.length);
      raw.splice(0, raw.length);
    },
  };
}
