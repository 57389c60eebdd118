import Foundation
import Testing

@testable import LeetTrackCore

@Suite("The topic sections of the study lists")
struct CatalogSectionsTests {
    static func sectionsJSON() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/LeetTrackCore/Catalog/Data/sections.json").standardized)
    }

    @Test("every slug of the shipped sections is a problem of the catalog")
    func everySlugIsKnown() throws {
        let catalog = try CatalogTests.decodedJSONCatalog()
        let sections = try Catalog.sections(fromJSON: try Self.sectionsJSON(), lists: catalog.studyLists)
        for slug in sections.values.joined().flatMap(\.slugs) {
            #expect(catalog.position(ofSlug: slug) != nil, "\(slug)")
        }
    }

    @Test("each list's sections cover exactly that list's problems, in its order")
    func sectionsCoverTheirList() throws {
        let catalog = try CatalogTests.decodedJSONCatalog()
        let sections = try Catalog.sections(fromJSON: try Self.sectionsJSON(), lists: catalog.studyLists)
        #expect(sections.keys.sorted() == ["blind-75", "neetcode-150", "neetcode-all"])
        for (key, listSections) in sections {
            let list = try #require(catalog.studyLists.first { $0.key == key })
            #expect(listSections.flatMap(\.slugs) == list.slugs, "\(key)")
        }
    }

    @Test("the generated sections are the shipped JSON's")
    func generatedMatchesJSON() throws {
        let catalog = Catalog.builtIn
        let json = try Catalog.sections(fromJSON: try Self.sectionsJSON(), lists: catalog.studyLists)
        for list in catalog.studyLists {
            #expect(catalog.sections(of: list) == (json[list.key] ?? []), "\(list.key)")
        }
    }

    @Test("neetcode-all is the seventh built-in list, the roadmap's 420 problems")
    func neetcodeAllShips() throws {
        let list = try Catalog.builtIn.studyList(named: "neetcode-all")
        #expect(list.name == "NeetCode All")
        #expect(list.slugs.count == 420)
        #expect(Catalog.builtIn.sections(of: list).first?.name == "Arrays & Hashing")
    }

    @Test("sections that leave out a problem of their list are refused, naming the list")
    func sectionsMissingAProblemAreRefused() throws {
        let list = StudyList(key: "mini", name: "Mini", slugs: ["two-sum", "3sum"])
        let data = Data(#"{"mini": [{"name": "Arrays", "slugs": ["two-sum"]}]}"#.utf8)
        #expect(throws: LeetTrackError.invalidCatalog("the sections of mini do not cover exactly its problems in its order")) {
            try Catalog.sections(fromJSON: data, lists: [list])
        }
    }

    @Test("sections of a list the catalog does not have are refused")
    func sectionsOfAnUnknownListAreRefused() throws {
        let data = Data(#"{"nope": [{"name": "Arrays", "slugs": ["two-sum"]}]}"#.utf8)
        #expect(throws: LeetTrackError.self) { try Catalog.sections(fromJSON: data, lists: Catalog.builtIn.studyLists) }
    }

    @Test("a section is found by its name in any case, or by the start of one name")
    func sectionLookup() throws {
        let catalog = Catalog.builtIn
        let list = try catalog.studyList(named: "neetcode-150")
        #expect(try catalog.section(named: "two pointers", in: list).name == "Two Pointers")
        #expect(try catalog.section(named: "arrays-hashing", in: list).name == "Arrays & Hashing")
        #expect(try catalog.section(named: "heap", in: list).name == "Heap / Priority Queue")
        #expect(try catalog.section(named: "1-d", in: list).name == "1-D Dynamic Programming")
    }

    @Test("a prefix of several sections is refused, naming them")
    func ambiguousSectionIsRefused() throws {
        let catalog = Catalog.builtIn
        let list = try catalog.studyList(named: "neetcode-150")
        #expect(throws: LeetTrackError.unknownSection("b", list: "neetcode-150", known: catalog.sections(of: list).map(\.name),
                                                       matches: ["Binary Search", "Backtracking", "Bit Manipulation"])) {
            try catalog.section(named: "b", in: list)
        }
    }

    @Test("a list without sections says which lists have them")
    func listWithoutSections() throws {
        let catalog = Catalog.builtIn
        #expect(throws: LeetTrackError.listWithoutSections("grind-75", sectioned: ["blind-75", "neetcode-150", "neetcode-all"])) {
            try catalog.section(named: "arrays", in: try catalog.studyList(named: "grind-75"))
        }
    }
}

@Suite("Tag aliases")
struct TagAliasTests {
    @Test("every alias names a tag of the catalog")
    func aliasesNameRealTags() {
        let tags = Set(Catalog.builtIn.tagNames)
        for (alias, tag) in TagAliases.all { #expect(tags.contains(tag), "\(alias) → \(tag)") }
    }

    @Test("an alias resolves in any case, and a real tag name is never taken for an alias")
    func aliasResolution() throws {
        let catalog = Catalog.builtIn
        #expect(try catalog.canonicalTag("DP") == "Dynamic Programming")
        #expect(try catalog.canonicalTag("2p") == "Two Pointers")
        #expect(try catalog.canonicalTag("trie") == "Trie")
        #expect(try catalog.canonicalTag("greedy") == "Greedy")
    }
}
