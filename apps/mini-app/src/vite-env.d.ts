/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Absolute base of our API for a build served by Zalo (e.g. https://console.example.com); empty: same origin. */
  readonly VITE_ZC_API_BASE?: string;
}
