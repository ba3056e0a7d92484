import { Parser, Language } from 'web-tree-sitter';
await Parser.init();
const Bash = await Language.load('node_modules/tree-sitter-bash/tree-sitter-bash.wasm');
const parser = new Parser();
parser.setLanguage(Bash);
for (const src of process.argv.slice(2)) {
  const tree = parser.parse(src);
  console.log(JSON.stringify(src), tree.rootNode.hasError);
  console.log(tree.rootNode.toString());
}
