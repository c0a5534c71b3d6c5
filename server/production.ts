// Imported first by server/main.ts: React and React Router pick their production builds by
// NODE_ENV when they are first loaded, and without it they run their development builds (prop
// checks, owner stacks, console.createTask per element): about five times slower per page.
process.env.NODE_ENV ??= 'production'
