/** The parts of oidc-provider (no bundled types) that the Google stand-in uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContextWithOIDC {
    type: string;
    body: unknown;
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string };
      result?: { login?: { accountId: string } };
    };
  }

  export class Grant {
    constructor(input: { clientId: string; accountId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface InteractionResult {
    login?: { accountId: string };
    error?: string;
    error_description?: string;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string } }>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: InteractionResult, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }

  export namespace interactionPolicy {
    class Check {
      static REQUEST_PROMPT: true;
      static NO_NEED_TO_PROMPT: false;
      constructor(reason: string, description: string, check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>);
    }
    interface Prompt {
      name: string;
      checks: Check[] & { add(check: Check): void };
    }
    function base(): Prompt[] & { get(name: string): Prompt | undefined };
  }

  export default Provider;
}
