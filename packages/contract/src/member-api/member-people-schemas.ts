// Filled by the member API areas.
export {};
