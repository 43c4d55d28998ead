/** The SDK's version (the package's). */
export const SDK_VERSION = '0.1.0';
