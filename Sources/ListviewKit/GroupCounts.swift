import ListviewBatches
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// The executor of `ListPlan.counts`: the kept rows of each batch counted in their groups from
/// their cells (`GroupTally`), no row held; a large regular file counted in parts on both cores.
enum GroupCounts {
    static func run(_ request: ListRequest, from stream: BatchStream, into sink: OutputSink) throws -> ListRunner.Outcome {
        // The field names were checked by the stream as it read (`BatchStream.watch`).
        let tally = try self.tally(request.arrangement.groupBy, sortedBy: request.arrangement.sort, of: stream)
        let sections = tally.sections(order: request.arrangement.groupOrder)
        try SectionCounts.write(sections, style: request.look.style, groupFields: request.arrangement.groupBy,
                                chart: request.look.chart ? request.look.width ?? CountChart.defaultWidth : nil, into: sink)
        return ListRunner.Outcome(foundRecords: tally.total > 0)
    }

    /// The kept rows of every batch counted in their groups of `fields`, the sections in the order
    /// of a list sorted by `sort` (`GroupTally`).
    static func tally(_ fields: [FieldPath], sortedBy sort: [SortSpec] = [], of stream: BatchStream) throws -> GroupTally {
        var tally = GroupTally(fields: fields, sort: sort)
        try stream.forEach({ tally.add($0.rows, of: $0.table) }, inParts: { part in
            var counted = GroupTally(fields: fields, sort: sort)
            counted.add(part.rows, of: part.table)
            return counted
        }, take: { tally.add($0) })
        return tally
    }
}
