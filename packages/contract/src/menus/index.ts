export * from './menus-schemas.ts';
export * from './menu-input.ts';
