import { isCompoundFile, isZip } from '#app/models/wordcount/archive.server.ts'
import { EncryptedDocument } from '#app/models/wordcount/format.server.ts'

// Office Open XML (docx, xlsx, pptx) is a ZIP package; encrypted, it is an OLE container instead.
export const zipOrContainer = (bytes: Uint8Array) => isZip(bytes) || isCompoundFile(bytes)

// The package, once it is known not to be an encrypted one.
export function openXmlPackage(bytes: Uint8Array): Uint8Array {
	if (isCompoundFile(bytes)) throw new EncryptedDocument()
	return bytes
}
