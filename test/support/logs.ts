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
  events(name: string): LogLine[];
  clear(): void;
}

export function captureLogs(): LogCapture {
  const lines: LogLine[] = [];
  return {
    lines,
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
    },
    events: (name) => lines.filter((line) => line.event === name),
    clear: () => void lines.splice(0, lines.length),
  };
}
