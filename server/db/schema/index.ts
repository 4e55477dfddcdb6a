export * from './auth';
export * from './chat';
export * from './content';
export * from './experts';
export * from './football';
export * from './plans';
export * from './search';
export * from './wallet';
