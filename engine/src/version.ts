/** Reported as `processing.engine` (`<engine-name>/<semver>`); bump with behaviour changes. */
export const ENGINE_NAME = 'docex-engine';
export const ENGINE_SEMVER = '0.1.0';
export const ENGINE_VERSION = `${ENGINE_NAME}/${ENGINE_SEMVER}`;
