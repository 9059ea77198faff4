// The generated client (typescript-fetch) set up for Tessera: one object with an API per tag, the caller's
// credential, the answers the API asks a client to send again (429 and 503, after Retry-After) sent again, and every
// other error thrown as a ProblemError that carries the answer's application/problem+json.

import {
  AnalyticsApi,
  CalculatorsApi,
  Configuration,
  GamesApi,
  LeaderboardsApi,
  MatchmakingApi,
  PlayersApi,
  TablesApi,
  WebhooksApi,
  type Middleware,
} from './generated/index.js';
import { ProblemError, retrying } from './http.js';
import { LiveFeed, type LiveFeedOptions } from './live.js';

export interface TesseraOptions {
  /** The gateway's address, without `/api/v1`: `http://localhost:8080`. */
  baseUrl: string;
  /**
   * The caller's credential, sent as `Authorization: Bearer`: a player's token (`signUp`, `renewToken`) or an API key
   * (`tsk_…`, `createApiKey`). Sign-up and the calculators need none.
   */
  token?: string;
  /** How many times a request answered 429 or 503 is sent again, each after its `Retry-After` (default 5). */
  retries?: number;
  /** The fetch to use; node's global fetch by default. */
  fetch?: typeof fetch;
}

/** Every answer outside 2xx becomes a ProblemError (the generated code would throw a bare ResponseError). */
const problems: Middleware = {
  async post({ response }) {
    if (response.status >= 200 && response.status < 300) return undefined;
    throw await ProblemError.of(response);
  },
};

/**
 * Tessera's public API for one caller. Each area of the API document is an API object with one method per operation
 * (`tessera.games.getLegalMoves({id})`, `tessera.games.playMove({id, moveRequest})`…), and `follow` reads a game's
 * live feed.
 */
export class Tessera {
  readonly players: PlayersApi;
  readonly tables: TablesApi;
  readonly matchmaking: MatchmakingApi;
  readonly games: GamesApi;
  readonly leaderboards: LeaderboardsApi;
  readonly analytics: AnalyticsApi;
  readonly calculators: CalculatorsApi;
  readonly webhooks: WebhooksApi;

  constructor(readonly options: TesseraOptions) {
    const configuration = new Configuration({
      basePath: options.baseUrl.replace(/\/+$/, ''),
      accessToken: options.token,
      fetchApi: retrying(options.fetch ?? globalThis.fetch, options.retries ?? 5),
      middleware: [problems],
    });
    this.players = new PlayersApi(configuration);
    this.tables = new TablesApi(configuration);
    this.matchmaking = new MatchmakingApi(configuration);
    this.games = new GamesApi(configuration);
    this.leaderboards = new LeaderboardsApi(configuration);
    this.analytics = new AnalyticsApi(configuration);
    this.calculators = new CalculatorsApi(configuration);
    this.webhooks = new WebhooksApi(configuration);
  }

  /** The same gateway, as the holder of `token` (a player's token or an API key). */
  as(token: string): Tessera {
    return new Tessera({ ...this.options, token });
  }

  /**
   * Follows a game's live feed as this caller: its events after `from` (0, the default: the whole game), then each new
   * one as it happens, in order and each once, across dropped connections (LiveFeed). Iterate it with `for await`;
   * leaving the loop closes it.
   */
  follow(gameId: string, options: Omit<LiveFeedOptions, 'baseUrl' | 'gameId' | 'token'> = {}): LiveFeed {
    if (!this.options.token) throw new Error('following a game needs a credential: Tessera.as(token)');
    return new LiveFeed({
      fetch: this.options.fetch,
      ...options,
      baseUrl: this.options.baseUrl,
      token: this.options.token,
      gameId,
    });
  }
}
