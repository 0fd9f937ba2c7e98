@testable import ListviewBatches
import ListviewTestSupport
import XCTest

final class CellEndsTests: XCTestCase {
    /// Ends of cells of varied lengths over several groups of 1,024, as a plain array keeps them.
    private func expected(_ count: Int) -> [Int] {
        var end = 0
        return (0..<count).map { index in
            end += (index * 7919) % 97
            return end
        }
    }

    func testEndsReadBackAcrossGroupsAndAfterRemovingAcrossABoundary() {
        var ends = CellEnds()
        let all = expected(3_000)
        for end in all { ends.append(end) }
        XCTAssertEqual((0..<ends.count).map { ends[$0] }, all)
        // Back into the first group, then on again with other lengths.
        ends.removeLast(2_000)
        XCTAssertEqual(ends.count, 1_000)
        XCTAssertEqual(ends.last, all[999])
        var more = Array(all.prefix(1_000))
        for step in 0..<1_500 { more.append((more.last ?? 0) + step % 5) }
        for end in more.dropFirst(1_000) { ends.append(end) }
        XCTAssertEqual((0..<ends.count).map { ends[$0] }, more)
        ends.withView { view in XCTAssertEqual((0..<view.count).map { view[$0] }, more) }
    }

    /// Runs of one end (absent cells) appended at once read back as appended one by one: across
    /// group boundaries, after a cell with bytes, and past the span limit (where ends widen).
    func testARunOfOneEndIsAppendedAsEachOfIt() {
        for spanLimit in [Int(UInt32.max), 300] {
            var ends = CellEnds(spanLimit: spanLimit)
            var plain: [Int] = []
            var end = 0
            for step in 0..<400 {
                end += step % 4
                let count = (step * 7919) % 41
                ends.append(end, count: count)
                plain += repeatElement(end, count: count)
                end += 1 + step % 9
                ends.append(end)
                plain.append(end)
            }
            XCTAssertEqual((0..<ends.count).map { ends[$0] }, plain, "span limit \(spanLimit)")
            XCTAssertEqual(ends.isWide, spanLimit == 300)
        }
    }

    /// Runs of cells appended by their lengths (`append(lengths:from:)`, rows of a CSV parse)
    /// read back as their ends appended one by one: runs crossing groups, starting on a group's
    /// first cell, and past the span limit (where the ends widen, at a group's first cell or
    /// inside one), then more cells one at a time.
    func testRunsOfLengthsAreAppendedAsTheirEnds() {
        var random = seededRandom()
        var widened = 0
        for round in 0..<60 {
            let spanLimit = round % 3 == 0 ? 2_000 + random.next(20_000) : Int(UInt32.max)
            var ends = CellEnds(spanLimit: spanLimit)
            var byCell = CellEnds(spanLimit: spanLimit)
            var end = 0
            for _ in 0..<(1 + random.next(8)) {
                let lengths = (0..<random.next(3_000)).map { _ in random.next(10) == 0 ? random.next(3_000) : random.next(12) }
                lengths.withUnsafeBufferPointer { ends.append(lengths: $0, from: end) }
                for length in lengths {
                    end += length
                    byCell.append(end)
                }
                if random.next(3) == 0 {
                    end += random.next(5)
                    ends.append(end)
                    byCell.append(end)
                }
            }
            XCTAssertEqual((0..<ends.count).map { ends[$0] }, (0..<byCell.count).map { byCell[$0] }, "round \(round)")
            XCTAssertEqual(ends.isWide, byCell.isWide, "round \(round)")
            ends.withView { view in XCTAssertEqual((0..<view.count).map { view[$0] }, (0..<byCell.count).map { byCell[$0] }) }
            if ends.isWide { widened += 1 }
        }
        XCTAssertGreaterThan(widened, 5, "runs that widened the ends")
        // A cell too long on its own as a group's first.
        var ends = CellEnds(spanLimit: 100)
        var byCell = CellEnds(spanLimit: 100)
        let lengths = Array(repeating: 1, count: 1_024) + [500, 3, 4]
        lengths.withUnsafeBufferPointer { ends.append(lengths: $0, from: 0) }
        var end = 0
        for length in lengths {
            end += length
            byCell.append(end)
        }
        XCTAssertTrue(ends.isWide)
        XCTAssertEqual((0..<ends.count).map { ends[$0] }, (0..<byCell.count).map { byCell[$0] })
        ends.removeLast(3)
        XCTAssertEqual(ends.last, 1_024)
    }

    /// A group spanning more than the limit (4 GiB in use) keeps every end whole from then on.
    func testAGroupSpanningTooManyBytesKeepsEndsWhole() {
        var ends = CellEnds(spanLimit: 100_000)
        var all = expected(1_500)
        for end in all { ends.append(end) }
        XCTAssertFalse(ends.isWide)
        let far = (all.last ?? 0) + 200_000
        all.append(far)
        ends.append(far)
        XCTAssertTrue(ends.isWide)
        for end in [far + 1, far + 3] {
            all.append(end)
            ends.append(end)
        }
        XCTAssertEqual((0..<ends.count).map { ends[$0] }, all)
        ends.withView { view in XCTAssertEqual((0..<view.count).map { view[$0] }, all) }
        ends.removeLast(2)
        XCTAssertEqual(ends.last, far)
    }

    func testEndsJoinWithAnOffset() {
        var first = CellEnds(), second = CellEnds()
        for end in [3, 5, 9] { first.append(end) }
        for end in [1, 4] { second.append(end) }
        first.append(contentsOf: second, offset: 9)
        XCTAssertEqual((0..<first.count).map { first[$0] }, [3, 5, 9, 10, 13])
    }

    /// Parts of every size joined at every alignment of their groups (runs copied at once) keep
    /// each end, also when a joined run outgrows the span a group may have and the ends widen.
    func testPartsJoinedAtAnyAlignmentKeepEveryEnd() {
        var generator = SeededRandom(state: 42)
        for spanLimit in [Int(UInt32.max), 15_000] {
            var joined = CellEnds(spanLimit: spanLimit)
            var expected: [Int] = []
            for _ in 0..<40 {
                var part = CellEnds(spanLimit: spanLimit)
                var partEnds: [Int] = []
                var end = 0
                for _ in 0..<generator.next(3_000) {
                    end += generator.next(40)
                    part.append(end)
                    partEnds.append(end)
                }
                let offset = (expected.last ?? 0) + generator.next(5)
                joined.append(contentsOf: part, offset: offset)
                expected += partEnds.map { $0 + offset }
            }
            XCTAssertEqual((0..<joined.count).map { joined[$0] }, expected, "span limit \(spanLimit)")
            if spanLimit < Int(UInt32.max) { XCTAssertTrue(joined.isWide) }
        }
    }

    /// Joining many small batches grows the room by doubling, not by each batch: a table joined
    /// from 10,000 batches of a pipe copied its ends 10,000 times (a 116 MB sort from a pipe took 11× longer).
    func testJoiningManyBatchesGrowsTheRoomByDoubling() {
        var ends = CellEnds()
        var batch = CellEnds()
        for end in 1...7 { batch.append(end) }
        var capacities: Set<Int> = []
        for _ in 0..<10_000 {
            ends.append(contentsOf: batch, offset: ends.last ?? 0)
            capacities.insert(ends.capacity)
        }
        XCTAssertEqual(ends.count, 70_000)
        XCTAssertEqual(ends.last, 70_000)
        XCTAssertLessThan(capacities.count, 40, "the room grew \(capacities.count) times")
    }

    /// Ends past `HugePages.threshold` (moved to room advised to take huge pages as they grow) read
    /// back as appended, however they came: one by one, as runs of lengths, or joined; the room
    /// grows by doubling.
    func testManyEndsGrowIntoAdvisedRoomAndReadBack() {
        let count = 1_500_000
        var plain: [Int] = []
        plain.reserveCapacity(count)
        var end = 0
        for index in 0..<count {
            end += index % 13
            plain.append(end)
        }
        var oneByOne = CellEnds()
        var capacities: Set<Int> = []
        for end in plain {
            oneByOne.append(end)
            capacities.insert(oneByOne.capacity)
        }
        XCTAssertLessThan(capacities.count, 40, "the room grew \(capacities.count) times")
        var byLengths = CellEnds()
        let lengths = plain.indices.map { $0 == 0 ? plain[0] : plain[$0] - plain[$0 - 1] }
        lengths.withUnsafeBufferPointer { lengths in
            byLengths.append(lengths: UnsafeBufferPointer(rebasing: lengths[..<700_001]), from: 0)
            byLengths.append(lengths: UnsafeBufferPointer(rebasing: lengths[700_001...]), from: plain[700_000])
        }
        var joined = CellEnds()
        joined.append(contentsOf: oneByOne, offset: 0)
        for ends in [oneByOne, byLengths, joined] {
            XCTAssertEqual(ends.count, count)
            XCTAssertTrue(plain.indices.allSatisfy { ends[$0] == plain[$0] })
        }
    }

    /// Cells have the same lengths when each ends as far from its first cell's start: in one
    /// group (compared straight from the relative ends) or across groups.
    func testCellsOfTheSameLengthsAreFoundWhereverTheyLie() {
        var (ends, other) = (CellEnds(), CellEnds())
        let lengths = (0..<2_500).map { ($0 * 7919) % 13 }
        var end = 0
        for length in lengths {
            end += length
            ends.append(end)
        }
        // The same lengths, 700 cells later and after a longer first stretch.
        end = 5_000
        other.append(end)
        for length in Array(repeating: 3, count: 699) + lengths {
            end += length
            other.append(end)
        }
        ends.withView { mine in
            other.withView { theirs in
                for first in [1, 10, 1_020, 1_500, 2_040] {
                    let start = mine[first - 1], otherStart = theirs[first + 700 - 1]
                    XCTAssertTrue(mine.sameLengths(of: first, start: start, count: 11, as: theirs, first + 700, start: otherStart), "\(first)")
                    XCTAssertFalse(mine.sameLengths(of: first, start: start, count: 11, as: theirs, first + 701, start: theirs[first + 700]),
                                   "\(first)")
                    XCTAssertFalse(mine.sameLengths(of: first, start: start + 1, count: 11, as: theirs, first + 700, start: otherStart))
                }
            }
        }
    }
}
