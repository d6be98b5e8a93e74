import CleanCLI

Clean.main()
