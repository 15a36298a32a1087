import Testing

/// The property tests' seed: fixed under CI, given to replay a run, new otherwise; and the same
/// seed and test draw the same programs.
@Suite struct PropertySeedTests {
    @Test func underCITheSeedIsFixed() {
        #expect(PropertySeed.choose(["CI": "true"]).seed == PropertySeed.continuousIntegration)
        #expect(PropertySeed.choose(["CI": "TRUE", "HOME": "/root"]).seed == PropertySeed.continuousIntegration)
    }

    @Test func aGivenSeedReplaysEvenUnderCI() {
        #expect(PropertySeed.choose(["CONDUIT_PROPERTY_SEED": "42"]).seed == 42)
        #expect(PropertySeed.choose(["CONDUIT_PROPERTY_SEED": "0x2a", "CI": "true"]).seed == 42)
    }

    @Test func withoutCIOrAGivenSeedEachRunDrawsANewOne() {
        // Two draws of 64 bits agree with probability 2^-64.
        #expect(PropertySeed.choose([:]).seed != PropertySeed.choose(["CI": "false"]).seed)
        #expect(PropertySeed.choose(["CONDUIT_PROPERTY_SEED": "not a number"]).origin == "new this run")
    }

    @Test func theSameSeedAndTestDrawTheSamePrograms() {
        let first = PropertySeed.stream("map")
        let second = PropertySeed.stream("map")
        for _ in 0..<20 {
            #expect(first.integers(in: 0...99, count: 0...24) == second.integers(in: 0...99, count: 0...24))
        }
    }

    @Test func differentTestsOrSeedsDrawDifferentPrograms() {
        let draw = { (stream: SeededStream) in (0..<5).map { _ in stream.integers(in: 0...99, count: 24...24) } }
        #expect(draw(PropertySeed.stream("map")) != draw(PropertySeed.stream("filter")))
        #expect(draw(SeededStream(mixing: 1)) != draw(SeededStream(mixing: 2)))
        #expect(draw(SeededStream(mixing: 7)) == draw(SeededStream(mixing: 7)))
    }
}
