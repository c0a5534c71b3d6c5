import module from 'node:module'
// Imported first by server/main.ts: React and React Router pick their production builds by
// NODE_ENV when they are first loaded, and without it they run their development builds (prop
// checks, owner stacks, console.createTask per element): about five times slower per page.
process.env.NODE_ENV ??= 'production'
// V8's compiled code for the bundle is kept on disk (the system's temporary folder) and reused by the
// next start and by the render thread: loading the server bundle there took 2.7 s each time.
module.enableCompileCache()
