@testable import IMCore
import IMTransportKit
import XCTest

/// The bits conversation groups get in the filter tags (`GroupSlots`), and the walks their filters
/// make (`FilterTag.query(for:slots:)`), ahead of conversations that carry groups.
final class GroupSlotsTests: XCTestCase {
    func test_aGroupKeepsItsBit_whileItHasConversations_andGivesItBackWithTheLast() {
        var slots = GroupSlots()
        slots.add(["work"])
        slots.add(["work", "family"])
        let work = slots.tag(of: "work")
        XCTAssertNotNil(work)
        XCTAssertNotEqual(work, slots.tag(of: "family"))
        slots.remove(["work"])
        XCTAssertEqual(slots.tag(of: "work"), work, "one conversation is still in work")
        slots._checkInvariants(against: [["work", "family"]])
        slots.remove(["work", "family"])
        XCTAssertNil(slots.tag(of: "work"))
        XCTAssertTrue(slots.isUnknown("work"))
        slots._checkInvariants(against: [])
    }

    func test_moreGroupsThanBits_theRestHaveNone_untilTheirLastConversationLeaves() {
        var slots = GroupSlots()
        let names = (0..<(FilterTag.groupSlotCount + 3)).map { "g\($0)" }
        for name in names { slots.add([name]) }
        let withBits = names.filter { slots.tag(of: $0) != nil }
        XCTAssertEqual(withBits.count, FilterTag.groupSlotCount)
        let tags = withBits.compactMap { slots.tag(of: $0) }
        XCTAssertEqual(Set(tags).count, tags.count, "each its own bit")
        XCTAssertTrue(tags.allSatisfy { $0 >= 1 << FilterTag.groupSlotShift }, "group bits above the others")
        let late = names.last!
        XCTAssertNil(slots.tag(of: late))
        XCTAssertFalse(slots.isUnknown(late))
        slots.remove([names[0]])
        slots.add([late])
        XCTAssertNil(slots.tag(of: late), "a group whose conversations carry no bit gets none while it has any")
        slots._checkInvariants(against: names.dropFirst().map { [$0] } + [[late]])
        slots.remove([late])
        slots.remove([late])
        slots.add([late])
        XCTAssertNotNil(slots.tag(of: late), "once it had none left, it takes the free bit")
    }

    func test_queries_ofGroupFilters_requireTheGroupsBit_orOnlyAnyGroupWithoutOne_andNothingForAnUnknownGroup() {
        var slots = GroupSlots()
        for index in 0...FilterTag.groupSlotCount { slots.add(["g\(index)"]) }
        let slotted = FilterTag.query(for: ConversationFilter(group: "g0"), slots: slots)
        XCTAssertEqual(slotted?.required, FilterTag.inGroup | slots.tag(of: "g0")!)
        let unslotted = FilterTag.query(for: ConversationFilter(group: "g\(FilterTag.groupSlotCount)"), slots: slots)
        XCTAssertEqual(unslotted?.required, FilterTag.inGroup)
        XCTAssertNil(FilterTag.query(for: ConversationFilter(group: "nobody's"), slots: slots))
        XCTAssertEqual(FilterTag.query(for: ConversationFilter(group: ""), slots: slots)?.excluded,
                       FilterTag.inGroup | FilterTag.tags(of: .hide))
    }

    func test_queries_ofContradictions_andInvalidMarks_selectNothing() {
        let slots = GroupSlots()
        XCTAssertNil(FilterTag.query(for: ConversationFilter(marks: ConversationMarks(rawValue: 0x10)), slots: slots))
        XCTAssertNil(FilterTag.query(for: ConversationFilter(kind: .system), slots: slots))
        XCTAssertNotNil(FilterTag.query(for: ConversationFilter(marks: .hide), slots: slots),
                        "the hide mark asks for hidden conversations")
    }
}
