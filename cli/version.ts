import pkg from '../package.json' with { type: 'json' };

/** This eoscheck's version (package.json). */
export const VERSION: string = pkg.version;
