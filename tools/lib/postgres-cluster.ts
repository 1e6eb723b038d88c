/**
 * A throwaway PostgreSQL cluster for tests (and `npm run bench:outbox`): Debian's binaries
 * (/usr/lib/postgresql/<version>/bin, `apt-get install postgresql`; .ci/run installs them), a
 * cluster in a temporary folder on a free loopback port, trust authentication for 127.0.0.1 only
 * and no Unix socket, removed by `stop()` (or at exit). initdb and pg_ctl refuse to run as root,
 * so as root they run as the `postgres` user, in a folder it owns.
 * Without the binaries a test is skipped with a message, except in CI (CI set), where it fails.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest PostgreSQL Debian installed, if any. */
export function postgresBin(): string | undefined {
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const version = readdirSync(DEBIAN_ROOT)
    .filter((v) => ['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(path.join(DEBIAN_ROOT, v, 'bin', tool))))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version && path.join(DEBIAN_ROOT, version, 'bin');
}

/** Whether `what` can run against PostgreSQL here: false (with a message) only outside CI. */
export function postgresAvailable(what: string): boolean {
  if (postgresBin()) return true;
  const missing = `PostgreSQL binaries not found under ${DEBIAN_ROOT}/<version>/bin (apt-get install postgresql)`;
  if (process.env.CI) throw new Error(`${missing}: ${what} must run in CI`);
  console.warn(`${missing}: ${what} skipped`);
  return false;
}

export interface TestPostgres {
  /** The cluster's maintenance database, as the superuser `postgres`. */
  url: string;
  port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** One statement against a database of the cluster (default: the maintenance one). */
  query<T = Record<string, unknown>>(sql: string, values?: unknown[], url?: string): Promise<T[]>;
  /** Shuts the server down, keeping its data: an outage (connections refused) until `resume()`. */
  pause(): Promise<void>;
  /** Starts the paused server again, on the same port with the same data. */
  resume(): Promise<void>;
  /**
   * Stops the server and every process it started (SIGSTOP): its port and its connections stay open
   * but nothing answers, as behind a network black hole, until `thaw()`.
   */
  freeze(): Promise<void>;
  /** Lets a frozen server run on (SIGCONT): it answers what it was sent meanwhile. */
  thaw(): Promise<void>;
  stop(): Promise<void>;
}

/** uid and gid of the `postgres` user, from /etc/passwd. */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, but there is no postgres user to run initdb and pg_ctl as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface PostgresOptions {
  /** Keep fsync on (benchmarks); tests turn it off, which only matters if the machine crashes. */
  durable?: boolean;
}

export async function startPostgres(options: PostgresOptions = {}): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(`no PostgreSQL under ${DEBIAN_ROOT}`);
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-test-'));
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const result = spawnSync(command, fullArgs, { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  };
  let frozen = false;
  /** Sends `signal` to the postmaster, then to the processes it started (after it is stopped, it forks no new one). */
  const signalServer = (signal: NodeJS.Signals) => {
    const postmaster = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, signal);
    const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean);
    for (const child of children) {
      try {
        process.kill(Number(child), signal);
      } catch (error) {
        // Gone since it was listed (the postmaster runs on once thawed).
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
    frozen = signal === 'SIGSTOP';
  };
  const stopCluster = () => {
    // A frozen server would not hear pg_ctl.
    if (frozen) signalServer('SIGCONT');
    if (existsSync(path.join(data, 'postmaster.pid'))) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  const onExit = () => stopCluster();
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C']);
    writeFileSync(path.join(data, 'pg_hba.conf'), 'host all all 127.0.0.1/32 trust\n');
    const port = await freePort();
    const settings = [
      'listen_addresses=127.0.0.1',
      `port=${port}`,
      "unix_socket_directories=''",
      'max_connections=300',
      ...(options.durable ? [] : ['fsync=off', 'full_page_writes=off']),
    ];
    const startServer = () =>
      run('pg_ctl', [
        '-D',
        data,
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        '-t',
        '60',
        '-o',
        settings.map((s) => `-c ${s}`).join(' '),
        'start',
      ]);
    startServer();
    process.once('exit', onExit);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const query = async <T>(sql: string, values: unknown[] = [], target = url): Promise<T[]> => {
      const client = new pg.Client({ connectionString: target });
      await client.connect();
      try {
        return (await client.query(sql, values)).rows as T[];
      } finally {
        await client.end();
      }
    };
    return {
      url,
      port,
      query,
      async createDatabase(name = `test_${randomUUID().replaceAll('-', '')}`) {
        await query(`CREATE DATABASE "${name}"`);
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      async pause() {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      },
      async resume() {
        startServer();
      },
      async freeze() {
        signalServer('SIGSTOP');
      },
      async thaw() {
        signalServer('SIGCONT');
      },
      async stop() {
        process.off('exit', onExit);
        stopCluster();
      },
    };
  } catch (error) {
    stopCluster();
    throw error;
  }
}
