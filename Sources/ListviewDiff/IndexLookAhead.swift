import ListviewBatches
import ListviewQuery

/// Walks a run of key hashes in order, loading some places ahead what looking each one up will
/// read: its slot of the index, then where the cells of the old row it leads to end, then their
/// bytes. The old side, read in any order, then seldom keeps a look-up waiting on memory.
enum IndexLookAhead {
    /// How many places ahead a hash's index slot, its old row's cell ends and their bytes are loaded.
    static let slotsAhead = 24
    static let endsAhead = 16
    static let textAhead = 8

    /// Calls `body` with each place of `hashes` in order, once what looking it up reads is loading.
    @inline(__always)
    static func forEach(_ hashes: [UInt64], in index: RowIndex, cells: CellTable.Cells, _ body: (Int) -> Void) {
        var ahead = [Int](repeating: -1, count: hashes.count)
        for place in hashes.indices {
            if place + slotsAhead < hashes.count { index.prefetch(hash: hashes[place + slotsAhead]) }
            if place + endsAhead < hashes.count, let candidate = index.first(hash: hashes[place + endsAhead], where: { _ in true }) {
                ahead[place + endsAhead] = candidate
                cells.prefetchEnds(row: candidate)
            }
            if place + textAhead < hashes.count, ahead[place + textAhead] >= 0 {
                cells.prefetchText(row: ahead[place + textAhead])
            }
            body(place)
        }
    }
}
