// Figures of the tree that the house keeps an eye on (issue 33): long lines, the largest React
// components under app/components and app/routes, routes that write the audit log or broadcast.
// node other/tree-figures.ts [--over 80]
import { existsSync, readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import ts from 'typescript'

const over = Number(process.argv[process.argv.indexOf('--over') + 1]) || 80
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
	encoding: 'utf8',
})
	.split('\n')
	.filter((file) => file && existsSync(file))

let lines = 0
let long = 0
for (const file of files) {
	for (const line of readFileSync(file, 'utf8').split('\n')) {
		lines++
		if (line.replace(/\t/g, '  ').length > 120) long++
	}
}
console.log(`lines over 120 columns: ${long} of ${lines} (${((100 * long) / lines).toFixed(1)}%)`)

type Component = { file: string; name: string; lines: number }
const components: Component[] = []
for (const file of files.filter((name) => /^app\/(components|routes)\/.*\.tsx$/.test(name))) {
	const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
	const span = (node: ts.Node) =>
		source.getLineAndCharacterOfPosition(node.getEnd()).line -
		source.getLineAndCharacterOfPosition(node.getStart()).line +
		1
	const visit = (node: ts.Node) => {
		if (ts.isFunctionDeclaration(node) && node.name && /^[A-Z]/.test(node.name.text))
			components.push({ file, name: node.name.text, lines: span(node) })
		else if (
			ts.isVariableDeclaration(node) &&
			ts.isIdentifier(node.name) &&
			/^[A-Z]/.test(node.name.text) &&
			node.initializer &&
			(ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
		)
			components.push({ file, name: node.name.text, lines: span(node) })
		ts.forEachChild(node, visit)
	}
	visit(source)
}
components.sort((a, b) => b.lines - a.lines)
const large = components.filter((component) => component.lines > over)
console.log(`components over ${over} lines: ${large.length} of ${components.length}`)
for (const { file, name, lines } of large) console.log(`  ${lines}\t${name}\t${file}`)

const writers = files.filter(
	(file) =>
		/^app\/(routes|http)\//.test(file) &&
		/from '#app\/models\/(audit\/record|live\/broadcast)\.server\.ts'/.test(readFileSync(file, 'utf8')),
)
console.log(`routes importing the audit writer or the broadcaster: ${writers.length}`)
