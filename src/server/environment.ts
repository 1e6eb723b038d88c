/**
 * The environment, declared once in schemas/environment.schema.json: read and checked here at
 * start (types generated from the schema, the table of docs/configuration.md too), so a wrong value stops the
 * server with the variable's name instead of misbehaving later. An empty value counts as unset.
 */
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import schema from '../../schemas/environment.schema.json' with { type: 'json' };
import type { Environment } from '../generated/environment.ts';

type Declared = typeof schema.properties;
/** The variables the schema gives a default: always present after readEnvironment. */
type Defaulted = { [K in keyof Declared]: Declared[K] extends { default: unknown } ? K : never }[keyof Declared] & keyof Environment;
/** The environment after defaults (derived from the schema, never listed again). */
export type ResolvedEnvironment = Environment & Required<Pick<Environment, Defaulted>>;

// ajv-formats ships CommonJS; its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

type VariableSchema = { type: string; default?: unknown; enum?: string[]; 'x-scope': 'site' | 'tools'; 'x-secret'?: boolean };
const variables = schema.properties as Record<string, VariableSchema>;

/** Default of a variable, from the schema. */
export function defaultOf<K extends keyof ResolvedEnvironment>(name: K): ResolvedEnvironment[K] {
  return variables[name].default as ResolvedEnvironment[K];
}

let check: ReturnType<Ajv['compile']> | undefined;
function validator() {
  if (!check) {
    const ajv = new Ajv({ allErrors: true, coerceTypes: true, useDefaults: true, strict: false });
    addFormats(ajv);
    check = ajv.compile(schema);
  }
  return check;
}

function describe(error: ErrorObject, raw: Record<string, string>): string {
  const name = error.instancePath.slice(1);
  // Secrets (passwords, the outbox URL with its credential) never reach a log line.
  const got = variables[name]?.['x-secret'] ? '' : `, got "${raw[name]}"`;
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: string[] }).allowedValues.map((v) => `"${v}"`).join(' or ');
    return `${name} takes ${allowed}${got}`;
  }
  if (error.keyword === 'type') return `${name} must be ${variables[name]?.type === 'number' ? 'a number' : 'a whole number'}${got}`;
  if (error.keyword === 'format') return `${name} must be an absolute URL${got}`;
  if (error.keyword === 'pattern') return `${name} must match ${(error.params as { pattern: string }).pattern}${got}`;
  return `${name} ${error.message ?? 'is not valid'}${got}`;
}

/**
 * A configuration the site cannot start with: every wrong or missing setting, one line each, so an
 * operator fixes them all in one go. Launchers print its message alone (no stack trace) and exit
 * with 1 (exitOnConfigError).
 */
export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    heading = 'The site cannot start',
  ) {
    super(`${heading}; fix these settings (docs/configuration.md):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Launchers: runs `start` (reading the configuration); a ConfigError ends the process with its
 * message alone and exit code 1, anything else is thrown on.
 */
export function exitOnConfigError<T>(start: () => T): T {
  try {
    return start();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Why a server cannot listen, for the errors an operator fixes with a setting. */
const LISTEN_ERRORS: Record<string, string> = {
  EADDRINUSE: 'the port is in use (another instance, or another program?)',
  EACCES: 'not allowed (a port below 1024 needs privileges)',
  EADDRNOTAVAIL: 'this machine has no such address',
};

/**
 * Launchers: awaits `listen`; when it fails for one of those reasons the process ends with one line
 * naming `what`, the address and the settings to change (`settings`), and exit code 1 (no stack
 * trace); anything else is thrown on.
 */
export async function exitOnListenError<T>(what: string, settings: string, listen: () => Promise<T>): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    const { code, address, port } = error as NodeJS.ErrnoException & { address?: string; port?: number };
    const why = code === undefined ? undefined : LISTEN_ERRORS[code];
    if (!why) throw error;
    console.error(`${what} cannot listen on ${address ?? '?'}:${port ?? '?'}: ${why}. Set ${settings}.`);
    process.exit(1);
  }
}

/**
 * The declared variables of `env`, typed and with their defaults, and a problem per wrong value
 * (empty when all are right). With problems, the values are what could be read: callers check
 * the rules that span variables on them too, so that every problem is reported at once.
 */
export function inspectEnvironment(env: NodeJS.ProcessEnv = process.env): { environment: ResolvedEnvironment; problems: string[] } {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(variables)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const value: Record<string, unknown> = { ...raw };
  const validate = validator();
  const problems = validate(value) ? [] : (validate.errors ?? []).map((e) => describe(e, raw));
  // A wrong value is left out, so a rule spanning variables never reads it as right.
  for (const error of validate.errors ?? []) delete value[error.instancePath.slice(1)];
  return { environment: value as unknown as ResolvedEnvironment, problems };
}

/** The declared variables of `env`, typed and with their defaults; throws a ConfigError naming every bad one. */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): ResolvedEnvironment {
  const { environment, problems } = inspectEnvironment(env);
  if (problems.length) throw new ConfigError(problems);
  return environment;
}

/** The variables, for the generated table of docs/configuration.md: name, default, scope and meaning. */
export function environmentVariables(): { name: string; schema: VariableSchema & { description?: string } }[] {
  return Object.entries(variables).map(([name, s]) => ({ name, schema: s }));
}
