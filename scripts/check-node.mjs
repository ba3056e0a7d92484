// Wrangler, workerd and WXT need Node >= 22.12. `npm install` links Node 24 (the `node`
// devDependency) into node_modules/.bin, which `npm run` puts first on PATH; an install with
// --ignore-scripts skips that link and would run everything on an older system Node.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Gatehouse needs Node >= 22.12 (found ${process.versions.node}). Run the command through npm ` +
      '(npm run …, npx …) after a plain `npm install`, which provides Node 24 in node_modules/.bin.',
  );
  process.exit(1);
}
