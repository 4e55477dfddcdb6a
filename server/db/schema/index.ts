export * from './auth';
export * from './content';
