// What broadcast messages offer other areas (issue 14 §2): nothing beyond their own screen.
export {};
