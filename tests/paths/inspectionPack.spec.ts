import { driver } from './inspectionPack.driver'
import { drivePaths } from './runner'

drivePaths(driver)
