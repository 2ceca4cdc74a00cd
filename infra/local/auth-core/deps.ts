/** What every domain function of the auth core takes, so tests can hand in their own clock or config. */
import type { Clock, CoreConfig } from './config';
import type { KeyStore } from './jwt-keys';
import type { Store } from './store';

export interface CoreDeps {
  store: Store;
  keys: KeyStore;
  clock: Clock;
  config: CoreConfig;
}

/** Input the CDI would refuse: answered 400 with this message. */
export class BadRequest extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadRequest';
  }
}
