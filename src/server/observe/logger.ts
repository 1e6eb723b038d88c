/**
 * The site's one logger (pino): every line is a JSON object on stdout (`LOG_FORMAT=json`, the
 * production default) or a readable coloured line (`pretty`, the development default), at
 * `LOG_LEVEL` and above. Parts of the site get a child named after them (`component`), so the
 * old bracketed prefixes (`[outbox] …`) keep their words and gain a time, a level and a field to
 * filter on.
 *
 * What is never logged: personal data. No e-mail, name, phone, message, CV, IP address or any
 * form value; a lead is named by its id. Callers log ids and counts only; as a second line of
 * defence the fields below are redacted wherever they appear in a logged object.
 */
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LoggerSettings {
  level: LogLevel;
  format: 'json' | 'pretty';
  /** Where lines go (tests); default stdout. */
  destination?: DestinationStream;
}

/** Keys whose values never reach a log line, at any depth of a logged object (first line of defence: callers log none). */
export const REDACTED_KEYS = [
  'email',
  'name',
  'firstname',
  'lastnane',
  'lastname',
  'mobile',
  'phone',
  'message',
  'company_name',
  'role',
  'job_title',
  'resume_base64',
  'resume_filename',
  'ip',
  'body',
  'authorization',
  'cookie',
] as const;

/** `message` is redacted at the top level only: an error's own message (`err.message`) is kept. */
const TOP_LEVEL_ONLY = new Set<string>(['message']);
const redactPaths = REDACTED_KEYS.flatMap((key) => (TOP_LEVEL_ONLY.has(key) ? [key] : [key, `*.${key}`]));

export function createLogger(settings: LoggerSettings): Logger {
  const options: LoggerOptions = {
    level: settings.level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: redactPaths, censor: '[redacted]' },
  };
  if (settings.destination) return pino(options, settings.destination);
  if (settings.format === 'pretty') {
    // Development only: pino-pretty is a development dependency, loaded on demand.
    const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => DestinationStream;
    return pino(options, pretty({ colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' }));
  }
  // Asynchronous writes (buffered, flushed on exit): a log line never blocks a request on stdout.
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

/** A logger that writes nothing (tests, tools that pass no logger). */
export const silentLogger: Logger = pino({ level: 'silent' });

/**
 * A line-logger (the `log: (line) => void` option many parts take) writing through `logger` at
 * `level`, or at `error` for a line that says `ERROR:` (the outbox's alerts).
 */
export function lineLogger(logger: Logger, level: 'info' | 'warn' | 'error' = 'info'): (line: string) => void {
  return (line) => logger[line.includes('ERROR:') ? 'error' : level](line);
}
