/** Set by vite.config.ts: where the local API gateway listens (the origin rule's localhost case). */
declare const __LOCAL_API_ORIGIN__: string;
