/** The SDK's version (the package's); sent in the user-agent. */
export const SDK_VERSION = '0.1.0';
