/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Another provider API to talk to instead of the embedded one under `/api`. */
  readonly PUBLIC_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
