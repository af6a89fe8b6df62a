// Users moderation (console and member API).
export {};
