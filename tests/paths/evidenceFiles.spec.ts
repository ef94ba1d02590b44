import { driver } from './evidenceFiles.driver'
import { drivePaths } from './runner'

drivePaths(driver)
