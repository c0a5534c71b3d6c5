// What one document may unpack, in all its parts together: ZIP parts, Snappy chunks, OLE streams,
// a PDF's streams. A decompressor's buffers live outside the JavaScript heap, so the worker's heap
// limit never sees them: a 1 MB file can hold a gigabyte of zeros. Past the budget the document
// goes to a person as too complex to count automatically.
export const DOCUMENT_BUDGET_BYTES = 256 * 1024 * 1024

export class OverBudgetError extends Error {}

export class Budget {
	#left: number

	constructor(bytes = DOCUMENT_BUDGET_BYTES) {
		this.#left = bytes
	}

	get left(): number {
		return this.#left
	}

	// Takes the bytes about to be unpacked; refuses them (and all that follow) past the budget.
	spend(bytes: number, what: string): void {
		this.#left -= bytes
		if (this.#left < 0) throw new OverBudgetError(what)
	}
}
