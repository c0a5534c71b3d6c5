import CFB from 'cfb'
import type { Budget } from '#app/models/wordcount/budget.server.ts'
import { EncryptedDocument } from '#app/models/wordcount/format.server.ts'

// The binary Office formats are OLE compound files: streams kept as chains of sectors, each
// sector naming the next. The readers (cfb, word-extractor) follow a chain without asking whether
// it loops, and copy each stream out whole: a crafted file with a looping chain, or thousands of
// entries sharing one long chain, makes them grow without end. So every stream's chain is walked
// here first, once, with the bytes it would make taken from the document's budget; a loop is a
// broken file.

export class CompoundFileError extends Error {}

const END_OF_CHAIN = -2
const FREE = -1
const HEADER = 512
const DIRECTORY_ENTRY = 128
const STREAM = 2
const ROOT = 5
const MINI_SECTOR = 64

type Chains = { sectorSize: number; next: Int32Array; seen: Uint32Array; walk: number }

export function checkCompoundFile(bytes: Uint8Array, budget: Budget): void {
	if (bytes.length < HEADER) throw new CompoundFileError('header')
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const shift = view.getUint16(0x1e, true)
	if (shift !== 9 && shift !== 12) throw new CompoundFileError('sector size')
	const sectorSize = 1 << shift
	const sectors = Math.floor((bytes.length - HEADER) / sectorSize) + 1
	const sectorAt = (sector: number) => bytes.subarray((sector + 1) * sectorSize, (sector + 2) * sectorSize)
	const fat = tableOf(fatSectors(view, sectorSize, sectors, sectorAt), sectorAt)
	const chains: Chains = { sectorSize, next: fat, seen: new Uint32Array(fat.length), walk: 0 }
	const directory = Buffer.concat(chainOf(chains, view.getInt32(0x30, true), budget).map(sectorAt))
	const miniFat = tableOf(chainOf(chains, view.getInt32(0x3c, true), budget), sectorAt)
	const miniChains: Chains = { sectorSize: MINI_SECTOR, next: miniFat, seen: new Uint32Array(miniFat.length), walk: 0 }
	const cutoff = view.getUint32(0x38, true)
	const entries = new DataView(directory.buffer, directory.byteOffset, directory.byteLength)
	for (let offset = 0; offset + DIRECTORY_ENTRY <= directory.length; offset += DIRECTORY_ENTRY) {
		const type = entries.getUint8(offset + 0x42)
		if (type !== STREAM && type !== ROOT) continue
		const isMini = type === STREAM && entries.getUint32(offset + 0x78, true) < cutoff
		chainOf(isMini ? miniChains : chains, entries.getInt32(offset + 0x74, true), budget)
	}
}

// The sectors of the allocation table: 109 named in the header, the rest in a chain of DIFAT sectors.
function fatSectors(
	view: DataView,
	sectorSize: number,
	sectors: number,
	sectorAt: (sector: number) => Uint8Array,
): number[] {
	const named: number[] = []
	for (let n = 0; n < 109; n++) named.push(view.getInt32(0x4c + n * 4, true))
	const visited = new Set<number>()
	for (let sector = view.getInt32(0x44, true); sector >= 0 && sector < sectors;) {
		if (visited.has(sector)) throw new CompoundFileError('DIFAT loop')
		visited.add(sector)
		const data = sectorAt(sector)
		const entries = new DataView(data.buffer, data.byteOffset, data.byteLength)
		for (let at = 0; at + 8 <= data.length; at += 4) named.push(entries.getInt32(at, true))
		sector = data.length === sectorSize ? entries.getInt32(sectorSize - 4, true) : END_OF_CHAIN
	}
	return named.filter((sector) => sector >= 0 && sector < sectors)
}

function tableOf(sectors: number[], sectorAt: (sector: number) => Uint8Array): Int32Array {
	const data = Buffer.concat(sectors.map(sectorAt))
	return new Int32Array(data.buffer, data.byteOffset, Math.floor(data.length / 4))
}

// The sectors of one chain, in order: the readers copy a stream's whole chain, whatever size it
// declares. Each walk marks the sectors it passes with its own number, so a loop is found the
// first time a sector comes round again, without clearing anything.
function chainOf(chains: Chains, start: number, budget: Budget): number[] {
	const walk = ++chains.walk
	const found: number[] = []
	for (let sector = start; sector !== END_OF_CHAIN && sector !== FREE; sector = chains.next[sector]!) {
		if (sector < 0 || sector >= chains.next.length) break
		if (chains.seen[sector] === walk) throw new CompoundFileError('loop')
		chains.seen[sector] = walk
		budget.spend(chains.sectorSize, 'compound file stream')
		found.push(sector)
	}
	return found
}

export type Container = ReturnType<typeof CFB.read>

// An OLE container whose sector chains were checked first; an encrypted one cannot be read.
export function openContainer(bytes: Uint8Array, budget: Budget): Container {
	checkCompoundFile(bytes, budget)
	const container = CFB.read(Buffer.from(bytes), { type: 'buffer' })
	if (CFB.find(container, 'EncryptedPackage') || CFB.find(container, 'EncryptionInfo')) throw new EncryptedDocument()
	return container
}

// A stream of the container, or null.
export function stream(container: Container, name: string): Buffer | null {
	const entry = CFB.find(container, name)
	return entry?.content ? Buffer.from(entry.content as Uint8Array) : null
}
