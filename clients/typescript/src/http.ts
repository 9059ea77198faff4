// What every request of the SDK shares: problem details as errors, and sending again what the API asks to send again.

import { ResponseError, type Problem } from './generated/index.js';

/**
 * An answer that is not a success, as the API's problem detail (RFC 9457): `problem.type` is stable, `rule` names
 * the broken game or lobby rule (409, 422), `field` the bad input (400). A ResponseError, as the generated code's
 * errors are, with the problem already read.
 */
export class ProblemError extends ResponseError {
  constructor(
    response: Response,
    readonly problem: Problem,
  ) {
    super(response, describe(problem));
    Object.setPrototypeOf(this, new.target.prototype);
    Object.defineProperty(this, 'name', { value: 'ProblemError' });
  }

  get status(): number {
    return this.response.status;
  }

  get rule(): string | undefined {
    return this.problem.rule;
  }

  /** Reads `response`'s problem; an answer without one (a proxy's page, say) gets a problem made of its status. */
  static async of(response: Response): Promise<ProblemError> {
    const text = await response.text().catch(() => '');
    let problem: Problem | undefined;
    try {
      const json: unknown = JSON.parse(text);
      if (json && typeof json === 'object' && typeof (json as Problem).type === 'string') {
        problem = json as Problem;
      }
    } catch {
      // not JSON: described below
    }
    problem ??= {
      type: 'about:blank',
      title: response.statusText || `HTTP ${response.status}`,
      status: response.status,
      detail: text.slice(0, 500) || undefined,
    };
    return new ProblemError(response, problem);
  }
}

function describe(problem: Problem): string {
  const what = [problem.rule && `rule ${problem.rule}`, problem.field && `field ${problem.field}`].filter(Boolean);
  const named = what.length > 0 ? ` (${what.join(', ')})` : '';
  return `${problem.status} ${problem.title}${named}${problem.detail ? `: ${problem.detail}` : ''}`;
}

/**
 * `fetchFn`, sending a request again after a 429 (the caller's rate) or a 503 (no instance of a service answered),
 * each after the answer's `Retry-After` seconds (1 if it has none), at most `retries` times. The API asks for it, and
 * it is safe for moves: a move carries `expectedVersion`, so if the first attempt was applied after all, the repeat
 * is a 409 `version-conflict` and the move is not applied twice.
 */
export function retrying(fetchFn: typeof fetch, retries: number): typeof fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetchFn(input, init);
      if ((response.status !== 429 && response.status !== 503) || attempt >= retries) return response;
      await response.body?.cancel();
      await sleep(retryAfterMillis(response));
    }
  };
}

/** An answer's `Retry-After` in milliseconds: its seconds, 1 s when absent or unreadable, at most 60 s. */
export function retryAfterMillis(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After'));
  return 1000 * (Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 60) : 1);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
