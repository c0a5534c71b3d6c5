import { unzipSync } from 'fflate'
import { isCompoundFile, isZip } from '#app/models/wordcount/archive.server.ts'
import type { Budget } from '#app/models/wordcount/budget.server.ts'
import { openContainer, stream } from '#app/models/wordcount/compound-file.server.ts'

// Whether a document with no text to count holds pictures, where its text may be (a scanned page
// pasted into Word, a slide that is a photograph, a drawing with lettering). Such a file is an
// image to the customer: a person counts it, and the quote says so ("image"), not "we found no
// text". Asked only when nothing was counted, so a file is opened again only then:
// - a package (Office 2007, OpenDocument, iWork) by its media folders;
// - Word 97–2003 by its Data stream (where its pictures are), PowerPoint by its Pictures stream,
//   Excel by a picture store in its drawing group;
// - RTF by a \pict group.
const PACKAGE_PICTURE = /^(word|ppt|xl)\/media\/|^Pictures\/|^Data\//
const PACKAGE_OBJECT = /^(word|ppt|xl)\/embeddings\//
const PICTURE_STORE = 0xf001
const DRAWING_GROUP = 0x00eb

export function holdsPictures(bytes: Uint8Array, budget: Budget): boolean {
	try {
		if (isZip(bytes)) return packageHasPictures(bytes)
		if (isCompoundFile(bytes)) return compoundFileHasPictures(bytes, budget)
		return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('\\pict')
	} catch {
		return false
	}
}

// Each embedded object shows a picture of itself (an icon, a preview) in the media folder: a file
// of two attached programs is no picture of text, one with more pictures than objects is.
function packageHasPictures(bytes: Uint8Array): boolean {
	let pictures = 0
	let objects = 0
	unzipSync(bytes, {
		filter: (file) => {
			if (file.originalSize > 0 && PACKAGE_PICTURE.test(file.name)) pictures++
			if (PACKAGE_OBJECT.test(file.name)) objects++
			return false
		},
	})
	return pictures > objects
}

function compoundFileHasPictures(bytes: Uint8Array, budget: Budget): boolean {
	const container = openContainer(bytes, budget)
	if (stream(container, 'WordDocument')) return (stream(container, 'Data')?.length ?? 0) > 0
	if (stream(container, 'PowerPoint Document')) return (stream(container, 'Pictures')?.length ?? 0) > 0
	const workbook = stream(container, 'Workbook') ?? stream(container, 'Book')
	return workbook ? workbookHasPictures(workbook) : false
}

// Excel keeps its pictures in the drawing group's store (an OfficeArtBStoreContainer in the
// OfficeArtDggContainer of the MSODRAWINGGROUP record); a comment or a chart has no store.
function workbookHasPictures(data: Buffer): boolean {
	for (let offset = 0; offset + 4 <= data.length; offset += 4 + data.readUInt16LE(offset + 2)) {
		if (data.readUInt16LE(offset) !== DRAWING_GROUP) continue
		const end = Math.min(data.length, offset + 4 + data.readUInt16LE(offset + 2))
		// The container's header (8 bytes), then its children, each with a header of 8.
		for (let child = offset + 12; child + 8 <= end; child += 8 + data.readUInt32LE(child + 4)) {
			if (data.readUInt16LE(child + 2) === PICTURE_STORE) return data.readUInt32LE(child + 4) > 0
		}
	}
	return false
}
