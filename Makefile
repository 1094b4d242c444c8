# The two commands a newcomer needs are `swift run folio` and `make test`.
.PHONY: test format benchmark

test:
	scripts/test

format:
	swift format --in-place --recursive --parallel Package.swift Sources Tests

benchmark:
	swift run -c release FolioBenchmarks
