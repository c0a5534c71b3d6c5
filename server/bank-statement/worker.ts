// Reads one bank statement off the server's thread (server/bank-statement/read.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { readBankCsv } from '#app/models/invoice/bank-csv.ts'
import type { BankCsvLayout } from '#database/schema.ts'

const { bytes, layout } = workerData as { bytes: Uint8Array; layout: BankCsvLayout }
parentPort!.postMessage(readBankCsv(bytes, layout))
