/**
 * The site's log as tests read it: one JSON object per line in production (src/server/observe/logger.ts),
 * other lines (a tool's, a crash's) as they are.
 */
export interface LogLine {
  level?: string;
  msg?: string;
  [field: string]: unknown;
}

/** The JSON log lines of `output` (other lines left out). */
export function logLines(output: string): LogLine[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

/** A line's message: `msg` of a JSON log line, else the line itself. */
export function logMessage(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    return String((JSON.parse(line) as LogLine).msg ?? line);
  } catch {
    return line;
  }
}
