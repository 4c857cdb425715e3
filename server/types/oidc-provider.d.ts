// The parts of oidc-provider 9 this server uses (the package ships no type declarations).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface KoaContextWithOIDC {
    oidc: {
      client?: { clientId: string }
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined }
      result?: { consent?: { grantId?: string } }
      params?: Record<string, unknown>
      provider: Provider
    }
  }

  export interface Account {
    accountId: string
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>
  }

  export interface Interaction {
    uid: string
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> }
    params: Record<string, unknown>
    session?: { accountId?: string }
    grantId?: string
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean }
    consent?: { grantId?: string }
    error?: string
    error_description?: string
  }

  export class Grant {
    constructor(opts: { accountId: string; clientId: string })
    addOIDCScope(scope: string): void
    save(): Promise<string>
    static find(id: string): Promise<Grant | undefined>
  }

  export interface Configuration {
    clients?: Record<string, unknown>[]
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>
    claims?: Record<string, string[]>
    cookies?: { keys?: string[] }
    jwks?: { keys: Record<string, unknown>[] }
    features?: Record<string, { enabled: boolean }>
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => Promise<string> | string }
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>
    pkce?: { required?: () => boolean }
    ttl?: Record<string, number>
    renderError?: (ctx: { type: string; body: string; query: Record<string, unknown>; get(field: string): string }, out: Record<string, string>, error: Error) => Promise<void> | void
    [key: string]: unknown
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration)
    issuer: string
    proxy: boolean
    Grant: typeof Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: InteractionResults, opts?: { mergeWithLastSubmission?: boolean }): Promise<void>
    on(event: string, listener: (...args: unknown[]) => void): this
  }

  export default Provider
}
