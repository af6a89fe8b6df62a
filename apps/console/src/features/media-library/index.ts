// What the media library offers other areas (issue 13 §4): nothing yet beyond its own screen.
export {};
