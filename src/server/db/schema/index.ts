export * from './auth';
export * from './billing';
export * from './chats';
export * from './misc';
export * from './profiles';
export * from './suggestions';
export * from './support';
export * from './usage';
