import XCTest
import ListviewValues

/// A mistyped name finds the closest candidate: fields in FieldCheck, options and views in ListviewConfig.
final class ClosestNameTests: XCTestCase {
    func testEditDistanceCountsInsertsDeletesReplacesAndSwaps() {
        func distance(_ a: String, _ b: String) -> Int { ClosestName.editDistance(Array(a), Array(b)) }
        XCTAssertEqual(distance("species", "species"), 0)
        XCTAssertEqual(distance("specis", "species"), 1)
        XCTAssertEqual(distance("sex_", "sex"), 1)
        XCTAssertEqual(distance("toatl", "total"), 1)
        XCTAssertEqual(distance("", "abc"), 3)
        XCTAssertEqual(distance("kitten", "sitting"), 3)
    }

    func testClosestNameStaysWithinAThirdOfTheName() {
        let columns = ["species", "island", "bill_length_mm", "sex", "year"]
        XCTAssertEqual(ClosestName.find("specis", among: columns), "species")
        XCTAssertEqual(ClosestName.find("ISLND", among: columns), "island")
        XCTAssertEqual(ClosestName.find("bill_length", among: columns), "bill_length_mm")
        XCTAssertNil(ClosestName.find("weight", among: columns))
        XCTAssertNil(ClosestName.find("ab", among: columns))
    }

    /// Of two candidates as close, the one that begins as the name does, whatever their order.
    func testATieGoesToTheCandidateThatBeginsAsTheNameDoes() {
        XCTAssertEqual(ClosestName.find("dsc", among: ["asc", "desc"]), "desc")
        XCTAssertEqual(ClosestName.find("dsc", among: ["desc", "asc"]), "desc")
        XCTAssertEqual(ClosestName.find("sat", among: ["cat", "sit"]), "sit")
        XCTAssertEqual(ClosestName.find("xat", among: ["cat", "bat"]), "cat")
    }
}
