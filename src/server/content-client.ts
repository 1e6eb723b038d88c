/**
 * Reads from the content service (SPEC §7). The Basic credential is added here and nowhere else;
 * this module is server-only.
 */
import { config } from './config.ts';

export type ContentFailure = 'unreachable' | 'timeout' | 'status' | 'invalid-json';

export class ContentError extends Error {
  constructor(
    readonly kind: ContentFailure,
    readonly path: string,
    readonly status?: number,
  ) {
    super(
      kind === 'status'
        ? `content service answered ${status} for ${path}`
        : kind === 'timeout'
          ? `content service did not answer ${path} in time`
          : kind === 'invalid-json'
            ? `content service sent invalid JSON for ${path}`
            : `content service unreachable for ${path}`,
    );
    this.name = 'ContentError';
  }
  get notFound(): boolean {
    return this.kind === 'status' && this.status === 404;
  }
}

export function contentUrl(path: string, query?: URLSearchParams): string {
  const qs = query?.toString();
  return `${config().contentApiBase}${path}${qs ? `?${qs}` : ''}`;
}

export async function fetchContent(path: string, query?: URLSearchParams): Promise<unknown> {
  const { contentApiCredential, contentTimeoutMs } = config();
  const shown = `${path}${query?.toString() ? `?${query.toString()}` : ''}`;
  let response: Response;
  try {
    response = await fetch(contentUrl(path, query), {
      headers: { Authorization: `Basic ${Buffer.from(contentApiCredential).toString('base64')}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(contentTimeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    throw new ContentError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable', shown);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ContentError('status', shown, response.status);
  }
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new ContentError('invalid-json', shown);
  }
}
