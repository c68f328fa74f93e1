export * from './roles';
export * from './permissions';
export * from './role-permissions';
